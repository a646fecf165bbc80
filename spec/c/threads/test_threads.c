// SPDX-License-Identifier: MIT
// Every query family on 4 threads at once over shared, read-only shapes,
// each thread's answers compared bit for bit with those of one thread alone.
// Built with ThreadSanitizer (make test-all), which reports any data race:
// the core keeps no mutable state that queries touch. Prints "N passed, M
// failed".

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "collide/collide.h"

enum
{
	SHAPES = 96,
	THREADS = 4,
	ROUNDS = 3
};

typedef union AnyShape
{
	c3Sphere sphere;
	c3AABB aabb;
	c3OBB obb;
	c3Segment segment;
	c3Plane plane;
	c3Ellipsoid ellipsoid;
	c3Polygon polygon;
} AnyShape;

static AnyShape s_shapes[SHAPES];
static c3ShapeType s_types[SHAPES];
static c3Mesh* s_mesh; // one mesh that every thread queries

static uint64_t s_state = 88172645463325252ull;

static double Uniform(double lo, double hi)
{
	s_state ^= s_state << 13;
	s_state ^= s_state >> 7;
	s_state ^= s_state << 17;
	return lo + (hi - lo) * (double)(s_state >> 11) / 9007199254740992.0;
}

static c3Vec3 V(double x, double y, double z)
{
	c3Vec3 v = {x, y, z};
	return v;
}

static c3Vec3 RandomVec3(double r)
{
	return V(Uniform(-r, r), Uniform(-r, r), Uniform(-r, r));
}

static void MakeShapes(void)
{
	for (int i = 0; i < SHAPES; ++i)
	{
		c3ShapeType type = (c3ShapeType)(1 + i % (c3_shapeTypeCount - 1));
		AnyShape* s = &s_shapes[i];
		c3Vec3 center = RandomVec3(2.0);
		double a = Uniform(0, 6.28), b = Uniform(0, 6.28);
		c3Vec3 x = V(cos(a) * cos(b), sin(a) * cos(b), sin(b));
		c3Vec3 y = c3VectorNormalize(V(-sin(a), cos(a), 0));
		c3Vec3 z = V(x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x);
		int bad;
		c3Error e = c3_ok;
		switch (type)
		{
			case c3_sphereShape:
				s->sphere.center = center;
				s->sphere.radius = Uniform(0.1, 1.5);
				break;
			case c3_aabbShape:
				s->aabb.center = center;
				s->aabb.halfExtents = V(Uniform(0.1, 1.5), Uniform(0.1, 1.5), Uniform(0.1, 1.5));
				break;
			case c3_obbShape:
				e = c3MakeOBB(center, V(Uniform(0.1, 1.5), Uniform(0.1, 1.5), Uniform(0.1, 1.5)), x, y, z, &s->obb);
				break;
			case c3_segmentShape:
				s->segment.a = RandomVec3(3.0);
				s->segment.b = RandomVec3(1.0);
				break;
			case c3_planeShape:
				e = c3MakePlane(center, x, &s->plane);
				break;
			case c3_ellipsoidShape:
			{
				double r0 = Uniform(0.2, 1.5), r1 = Uniform(0.2, 1.5), r2 = Uniform(0.2, 1.5);
				e = c3MakeEllipsoid(center, V(r0 * x.x, r0 * x.y, r0 * x.z), V(r1 * y.x, r1 * y.y, r1 * y.z),
									V(r2 * z.x, r2 * z.y, r2 * z.z), &s->ellipsoid, &bad);
				break;
			}
			default:
			{
				c3Vec3 points[8];
				int count = 3 + i % 6;
				for (int k = 0; k < count; ++k)
				{
					double t = 6.283185307179586 * (k + 0.5 * Uniform(0, 1)) / count;
					double u = 1.2 * cos(t), v = 0.8 * sin(t);
					points[k] =
						V(center.x + u * y.x + v * z.x, center.y + u * y.y + v * z.y, center.z + u * y.z + v * z.z);
				}
				e = c3MakePolygon(points, count, &s->polygon, &bad);
				break;
			}
		}
		s_types[i] = type;
		if (e != c3_ok || c3ValidateShape(type, s) != c3_ok)
		{
			printf("could not make shape %d (type %d)\n", i, (int)type);
		}
	}
}

// FNV-1a over the bytes of each answer: bits, not approximate values.
typedef struct Digest
{
	uint64_t hash;
	long answers;
} Digest;

static void Mix(Digest* d, const void* bytes, size_t size)
{
	const unsigned char* p = (const unsigned char*)bytes;
	for (size_t i = 0; i < size; ++i)
	{
		d->hash = (d->hash ^ p[i]) * 1099511628211ull;
	}
	d->answers++;
}

static void MixCast(Digest* d, c3CastOutput out)
{
	Mix(d, &out.hit, sizeof out.hit);
	if (out.hit)
	{
		Mix(d, &out.fraction, sizeof out.fraction);
		Mix(d, &out.point, sizeof out.point);
		Mix(d, &out.normal, sizeof out.normal);
	}
}

// Every query of every pair, and of every shape with a ray, a point and the
// plane solver. The same work on any thread must give the same digest.
static Digest RunAll(void)
{
	Digest d = {14695981039346656037ull, 0};
	for (int i = 0; i < SHAPES; ++i)
	{
		c3ShapeType ta = s_types[i];
		const void* a = &s_shapes[i];
		for (int j = 0; j < SHAPES; ++j)
		{
			c3ShapeType tb = s_types[j];
			const void* b = &s_shapes[j];
			bool overlap = c3GetOverlapFcn(ta, tb)(a, b);
			double distance = c3GetDistanceFcn(ta, tb)(a, b);
			Mix(&d, &overlap, sizeof overlap);
			Mix(&d, &distance, sizeof distance);
			c3Vec3 da = V(0.3 * (j % 7) - 1.0, 0.5, -0.2 * (i % 5)), db = V(0.1, -0.3 * (i % 3), 0.2);
			c3SweepFcn sweep = c3GetSweepFcn(ta, tb);
			if (sweep != NULL)
			{
				MixCast(&d, sweep(a, da, b, db));
			}
			c3SweepIntervalFcn interval = c3GetSweepIntervalFcn(ta, tb);
			if (interval != NULL)
			{
				c3SweepInterval k = interval(a, da, b, db);
				Mix(&d, &k, sizeof k.tFirst + sizeof k.tLast);
			}
			c3PenetrationFcn penetration = c3GetPenetrationFcn(ta, tb);
			if (penetration != NULL)
			{
				c3Penetration p = penetration(a, b);
				Mix(&d, &p.hit, sizeof p.hit);
				if (p.hit)
				{
					Mix(&d, &p.depth, sizeof p.depth);
				}
			}
		}
		c3RayCastInput ray = {V(-4.0, 0.1 * i, 0.3), V(8.0, -0.01 * i, 0.1), INFINITY};
		MixCast(&d, c3RayCastShape(ta, a, &ray));
		c3Vec3 q = c3ClosestPointShape(ta, a, V(1.0, -2.0, 0.5 * i));
		Mix(&d, &q, sizeof q);
	}
	// The mesh: every query of every shape against it.
	for (int i = 0; i < SHAPES; ++i)
	{
		c3ShapeType ta = s_types[i];
		const void* a = &s_shapes[i];
		c3MeshQueryStats stats;
		if (ta != c3_planeShape)
		{
			bool overlap = c3Mesh_Overlaps(s_mesh, ta, a, &stats);
			double distance = c3Mesh_Distance(s_mesh, ta, a, &stats);
			Mix(&d, &overlap, sizeof overlap);
			Mix(&d, &distance, sizeof distance);
		}
		c3MeshCastOutput cast = c3Mesh_Sweep(s_mesh, ta, a, V(0.2 * (i % 5) - 0.4, -1.0, 0.1), &stats);
		Mix(&d, &cast.hit, sizeof cast.hit);
		if (cast.hit)
		{
			Mix(&d, &cast.fraction, sizeof cast.fraction);
			Mix(&d, &cast.face, sizeof cast.face);
		}
		int contacts = c3Mesh_Contacts(s_mesh, ta, a, NULL, NULL, &stats);
		Mix(&d, &contacts, sizeof contacts);
		c3RayCastInput down = {V(0.1 * i - 4.0, 5.0, 0.05 * i), V(0.1, -10.0, 0.0), 1.0};
		cast = c3Mesh_RayCast(s_mesh, &down, &stats);
		Mix(&d, &cast.fraction, sizeof cast.fraction);
		int face;
		c3Vec3 q = c3Mesh_ClosestPoint(s_mesh, V(0.1 * i, 1.0, -0.1 * i), &face, &stats);
		Mix(&d, &q, sizeof q);
	}
	c3CollisionPlane planes[3] = {{{{0.0, 1.0, 0.0}, 0.0}, INFINITY, 0.0, true},
								  {{{0.6, 0.8, 0.0}, 0.1}, INFINITY, 0.0, true},
								  {{{0.0, 0.6, 0.8}, -0.2}, 0.5, 0.0, true}};
	c3PlaneSolverResult r = c3SolvePlanes(V(1.0, -2.0, -1.0), planes, 3);
	Mix(&d, &r.translation, sizeof r.translation);
	c3Vec3 w = c3ClipVector(V(-1.0, -1.0, -1.0), planes, 3);
	Mix(&d, &w, sizeof w);
	return d;
}

static Digest s_results[THREADS][ROUNDS];

static void* Worker(void* arg)
{
	int id = (int)(intptr_t)arg;
	for (int r = 0; r < ROUNDS; ++r)
	{
		s_results[id][r] = RunAll();
	}
	return NULL;
}

// A bumpy 16 x 16 grid of quads over [-4, 4]^2 at y ~ -1.
static c3Mesh* MakeMesh(void)
{
	enum
	{
		n = 16
	};
	static c3Vec3 v[(n + 1) * (n + 1)];
	static int indices[6 * n * n], sizes[2 * n * n];
	for (int j = 0; j <= n; ++j)
	{
		for (int i = 0; i <= n; ++i)
		{
			v[j * (n + 1) + i] = V(-4.0 + 0.5 * i, -1.0 + 0.1 * sin(i + 2.0 * j), -4.0 + 0.5 * j);
		}
	}
	int k = 0;
	for (int j = 0; j < n; ++j)
	{
		for (int i = 0; i < n; ++i)
		{
			// Two triangles per quad: the bumps are not planar.
			int a = j * (n + 1) + i, b = a + 1, c = a + n + 2, e = a + n + 1;
			indices[k++] = a;
			indices[k++] = e;
			indices[k++] = c;
			indices[k++] = a;
			indices[k++] = c;
			indices[k++] = b;
			sizes[(k / 3) - 2] = 3;
			sizes[(k / 3) - 1] = 3;
		}
	}
	c3MeshDef def = c3DefaultMeshDef();
	def.vertices = v;
	def.vertexCount = (n + 1) * (n + 1);
	def.indices = indices;
	def.faceSizes = sizes;
	def.faceCount = 2 * n * n;
	c3Mesh* mesh = NULL;
	if (c3CreateMesh(&def, &mesh, NULL, NULL) != c3_meshOk)
	{
		printf("FAILED: the mesh could not be made\n");
	}
	return mesh;
}

int main(void)
{
	MakeShapes();
	s_mesh = MakeMesh();
	if (s_mesh == NULL)
	{
		printf("0 passed, 1 failed\n");
		return 1;
	}
	Digest alone = RunAll();
	pthread_t threads[THREADS];
	for (int t = 0; t < THREADS; ++t)
	{
		pthread_create(&threads[t], NULL, Worker, (void*)(intptr_t)t);
	}
	for (int t = 0; t < THREADS; ++t)
	{
		pthread_join(threads[t], NULL);
	}
	int passed = 0, failed = 0;
	for (int t = 0; t < THREADS; ++t)
	{
		for (int r = 0; r < ROUNDS; ++r)
		{
			if (s_results[t][r].hash == alone.hash && s_results[t][r].answers == alone.answers)
			{
				passed++;
			}
			else
			{
				printf("FAILED: thread %d round %d: %016llx (%ld answers), alone %016llx (%ld)\n", t, r,
					   (unsigned long long)s_results[t][r].hash, s_results[t][r].answers,
					   (unsigned long long)alone.hash, alone.answers);
				failed++;
			}
		}
	}
	c3DestroyMesh(s_mesh);
	printf("%ld answers per run on %d threads\n", alone.answers, THREADS);
	printf("%d passed, %d failed\n", passed, failed);
	return failed == 0 ? 0 : 1;
}
