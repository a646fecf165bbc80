// SPDX-License-Identifier: MIT
// Hand-tight C versions of bench/pure.lua's five kernels (see tight.h): the
// same arithmetic, in the same order (bench_jit.lua checks that they give
// pure.lua's answers on every case), written as a C programmer who knows the
// shapes in advance writes them: flat arrays, the triangle's plane and
// barycentric rows precomputed, no dispatch, no validation, no canonical
// order of a pair, no care for grazing or huge inputs. collide's kernels do
// all of that; this file says what it costs.

#include "tight.h"

#include <math.h>

static double dot3(const double* a, const double* b)
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static double maxd(double a, double b)
{
	return a > b ? a : b;
}

static double mind(double a, double b)
{
	return a < b ? a : b;
}

static int write7(double* out, double t, double px, double py, double pz, double nx, double ny, double nz)
{
	out[0] = t;
	out[1] = px;
	out[2] = py;
	out[3] = pz;
	out[4] = nx;
	out[5] = ny;
	out[6] = nz;
	return 1;
}

static double* put4(double* out, double a, double b, double c, double d)
{
	out[0] = a;
	out[1] = b;
	out[2] = c;
	out[3] = d;
	return out + 4;
}

void tightTriangle(const double* abc, double* out)
{
	double ax = abc[0], ay = abc[1], az = abc[2], bx = abc[3], by = abc[4], bz = abc[5];
	double cx = abc[6], cy = abc[7], cz = abc[8];
	double e1x = bx - ax, e1y = by - ay, e1z = bz - az;
	double e2x = cx - ax, e2y = cy - ay, e2z = cz - az;
	double Nx = e1y * e2z - e1z * e2y, Ny = e1z * e2x - e1x * e2z, Nz = e1x * e2y - e1y * e2x;
	double NN = Nx * Nx + Ny * Ny + Nz * Nz;
	double l = sqrt(NN);
	double nx = Nx / l, ny = Ny / l, nz = Nz / l;
	double Ux = (e2y * Nz - e2z * Ny) / NN, Uy = (e2z * Nx - e2x * Nz) / NN, Uz = (e2x * Ny - e2y * Nx) / NN;
	double Vx = (Ny * e1z - Nz * e1y) / NN, Vy = (Nz * e1x - Nx * e1z) / NN, Vz = (Nx * e1y - Ny * e1x) / NN;
	double fx = cx - bx, fy = cy - by, fz = cz - bz;
	double gx = ax - cx, gy = ay - cy, gz = az - cz;
	double* o = out;
	o = put4(o, ax, ay, az, bx);
	o = put4(o, by, bz, cx, cy);
	o = put4(o, cz, nx, ny, nz);
	o = put4(o, nx * ax + ny * ay + nz * az, Ux, Uy, Uz);
	o = put4(o, Ux * ax + Uy * ay + Uz * az, Vx, Vy, Vz);
	o = put4(o, Vx * ax + Vy * ay + Vz * az, e1x, e1y, e1z);
	o = put4(o, e1x * e1x + e1y * e1y + e1z * e1z, fx, fy, fz);
	o = put4(o, fx * fx + fy * fy + fz * fz, gx, gy, gz);
	*o = gx * gx + gy * gy + gz * gz;
}

// -- AABB overlap ------------------------------------------------------------------

int tightOverlapAABB(const double* a, const double* b)
{
	// One test, not three branches: the outcomes are as random as the cases.
	return (fabs(b[0] - a[0]) <= a[3] + b[3]) & (fabs(b[1] - a[1]) <= a[4] + b[4]) & (fabs(b[2] - a[2]) <= a[5] + b[5]);
}

// -- sphere-sphere sweep -----------------------------------------------------------

// The contact at t with normal n: midway between the two surface points.
static int sphereContact(const double* a, const double* d, const double* b, double t, double nx, double ny, double nz,
						 double* out)
{
	double h = 0.5 * (b[3] - a[3]);
	return write7(out, t, 0.5 * (a[0] + t * d[0] + b[0]) + h * nx, 0.5 * (a[1] + t * d[1] + b[1]) + h * ny,
				  0.5 * (a[2] + t * d[2] + b[2]) + h * nz, nx, ny, nz);
}

int tightSweepSphereSphere(const double* a, const double* d, const double* b, double* out)
{
	double sx = a[0] - b[0], sy = a[1] - b[1], sz = a[2] - b[2];
	double R = a[3] + b[3];
	double ss = sx * sx + sy * sy + sz * sz;
	double c = ss - R * R;
	if (c <= 0)
	{
		if (ss > 0)
		{
			double l = sqrt(ss);
			return sphereContact(a, d, b, 0, sx / l, sy / l, sz / l, out);
		}
		return sphereContact(a, d, b, 0, 0, 1, 0, out);
	}
	double hb = sx * d[0] + sy * d[1] + sz * d[2];
	if (hb >= 0)
	{
		return 0;
	}
	double disc = hb * hb - dot3(d, d) * c;
	if (disc < 0)
	{
		return 0;
	}
	double t = c / (sqrt(disc) - hb);
	if (t > 1)
	{
		return 0;
	}
	double ox = sx + t * d[0], oy = sy + t * d[1], oz = sz + t * d[2];
	double l = sqrt(ox * ox + oy * oy + oz * oz);
	return sphereContact(a, d, b, t, ox / l, oy / l, oz / l, out);
}

// -- OBB-OBB overlap ---------------------------------------------------------------

int tightOverlapOBB(const double* a, const double* b)
{
	const double* ha = a + 3;
	const double* hb = b + 3;
	double R[3][3], AR[3][3], T[3];
	double o[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
	for (int i = 0; i < 3; ++i)
	{
		for (int j = 0; j < 3; ++j)
		{
			R[i][j] = dot3(a + 6 + 3 * i, b + 6 + 3 * j);
			AR[i][j] = fabs(R[i][j]);
		}
		T[i] = o[0] * a[6 + 3 * i] + o[1] * a[7 + 3 * i] + o[2] * a[8 + 3 * i];
	}
	double padA = 1e-12 * (ha[0] + ha[1] + ha[2]), padB = 1e-12 * (hb[0] + hb[1] + hb[2]);
	for (int i = 0; i < 3; ++i)
	{
		if (ha[i] + (hb[0] * AR[i][0] + hb[1] * AR[i][1] + hb[2] * AR[i][2]) - fabs(T[i]) + padB < 0)
		{
			return 0;
		}
	}
	for (int j = 0; j < 3; ++j)
	{
		if (ha[0] * AR[0][j] + ha[1] * AR[1][j] + ha[2] * AR[2][j] + hb[j] -
				fabs(T[0] * R[0][j] + T[1] * R[1][j] + T[2] * R[2][j]) + padA <
			0)
		{
			return 0;
		}
	}
	for (int i = 0; i < 3; ++i)
	{
		int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
		for (int j = 0; j < 3; ++j)
		{
			int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
			if (ha[i1] * AR[i2][j] + ha[i2] * AR[i1][j] + (hb[j1] * AR[i][j2] + hb[j2] * AR[i][j1]) -
					fabs(T[i2] * R[i1][j] - T[i1] * R[i2][j]) + 1e-12 * (ha[i1] + ha[i2] + hb[j1] + hb[j2]) <
				0)
			{
				return 0;
			}
		}
	}
	return 1;
}

// -- ray-triangle ------------------------------------------------------------------

int tightRaycastTriangle(const double* tri, const double* o, const double* d, double* out)
{
	double dist = dot3(tri + 9, o) - tri[12];
	double rate = dot3(tri + 9, d);
	double t = 0, side = 1;
	if (dist > 0)
	{
		if (rate >= 0)
		{
			return 0;
		}
		t = -dist / rate;
	}
	else if (dist < 0)
	{
		if (rate <= 0)
		{
			return 0;
		}
		t = -dist / rate;
		side = -1;
	}
	else if (rate > 0)
	{
		side = -1;
	}
	double p[3] = {o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]};
	double u = dot3(tri + 13, p) - tri[16], v = dot3(tri + 17, p) - tri[20];
	if (u < 0 || v < 0 || u + v > 1)
	{
		return 0;
	}
	return write7(out, t, p[0], p[1], p[2], side * tri[9], side * tri[10], side * tri[11]);
}

// -- sphere swept against a triangle -------------------------------------------------

// The triangle's layout (tightTriangle): vertices at 0, 3, 6; normal 9,
// offset 12; U 13 (offset 16); V 17 (offset 20); the edges ab, bc, ca at 21,
// 25, 29, each followed by its squared length.
enum
{
	NORMAL = 9,
	EDGE_AB = 21,
	EDGE_BC = 25,
	EDGE_CA = 29
};

static const double HUGE_PENALTY = 0x1p1000, TINY = 0x1p-1000;

// The edges ab and ac (less ca) dotted with p less the vertex at tri + k.
static void edgeDots(const double* p, const double* tri, int k, double* alongAB, double* alongAC)
{
	double w[3] = {p[0] - tri[k], p[1] - tri[k + 1], p[2] - tri[k + 2]};
	*alongAB = dot3(tri + EDGE_AB, w);
	*alongAC = -dot3(tri + EDGE_CA, w);
}

// q = from + f dir.
static void pointAlong(double* q, const double* from, double f, const double* dir)
{
	for (int k = 0; k < 3; ++k)
	{
		q[k] = from[k] + f * dir[k];
	}
}

// The point of the triangle closest to p (Ericson 5.1.5).
static void closestOnTriangle(const double* p, const double* tri, double* q)
{
	const double* ab = tri + EDGE_AB;
	const double* ca = tri + EDGE_CA;
	double d1, d2, d3, d4, d5, d6;
	edgeDots(p, tri, 0, &d1, &d2);
	if (d1 <= 0 && d2 <= 0)
	{
		pointAlong(q, tri, 0, ab);
		return;
	}
	edgeDots(p, tri, 3, &d3, &d4);
	if (d3 >= 0 && d4 <= d3)
	{
		pointAlong(q, tri + 3, 0, ab);
		return;
	}
	double vc = d1 * d4 - d3 * d2;
	if (vc <= 0 && d1 >= 0 && d3 <= 0)
	{
		pointAlong(q, tri, d1 / (d1 - d3), ab);
		return;
	}
	edgeDots(p, tri, 6, &d5, &d6);
	if (d6 >= 0 && d5 <= d6)
	{
		pointAlong(q, tri + 6, 0, ab);
		return;
	}
	double vb = d5 * d2 - d1 * d6;
	if (vb <= 0 && d2 >= 0 && d6 <= 0)
	{
		pointAlong(q, tri, -(d2 / (d2 - d6)), ca);
		return;
	}
	double va = d3 * d6 - d5 * d4;
	if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
	{
		pointAlong(q, tri + 3, (d4 - d3) / ((d4 - d3) + (d5 - d6)), tri + EDGE_BC);
		return;
	}
	double inv = 1 / (va + vb + vc);
	double v = vb * inv, u = vc * inv;
	for (int k = 0; k < 3; ++k)
	{
		q[k] = tri[k] + ab[k] * v - ca[k] * u;
	}
}

// Touching at the start: the closest point and the normal toward the center.
static int startContact(const double* s, const double* d, const double* tri, double* out)
{
	double q[3];
	closestOnTriangle(s, tri, q);
	double wx = s[0] - q[0], wy = s[1] - q[1], wz = s[2] - q[2];
	double ww = wx * wx + wy * wy + wz * wz;
	if (ww > s[3] * s[3])
	{
		return 0;
	}
	if (ww > 0)
	{
		double l = sqrt(ww);
		return write7(out, 0, q[0], q[1], q[2], wx / l, wy / l, wz / l);
	}
	double side = dot3(tri + NORMAL, s) - tri[12];
	if (side == 0)
	{
		side = dot3(tri + NORMAL, d) > 0 ? -1 : 1;
	}
	double sign = side < 0 ? -1 : 1;
	return write7(out, 0, q[0], q[1], q[2], sign * tri[9], sign * tri[10], sign * tri[11]);
}

// When the sphere first comes within its radius of the vertex at tri + k;
// pushed past any bound when it never does.
static double enterVertex(const double* s, const double* d, const double* tri, int k)
{
	double w[3] = {s[0] - tri[k], s[1] - tri[k + 1], s[2] - tri[k + 2]};
	double hb = dot3(w, d);
	double c = dot3(w, w) - s[3] * s[3];
	double disc = hb * hb - dot3(d, d) * c;
	double t = maxd(mind(c / maxd(sqrt(maxd(disc, 0)) - hb, TINY), 2), -2);
	return t + (maxd(-disc, 0) + maxd(hb, 0)) * HUGE_PENALTY;
}

// The same for the edge at tri + e from the vertex at tri + k (its
// cylinder, counted only within the edge).
static double enterEdge(const double* s, const double* d, const double* tri, int k, int e)
{
	double w[3] = {s[0] - tri[k], s[1] - tri[k + 1], s[2] - tri[k + 2]};
	const double* edge = tri + e;
	double ee = edge[3];
	double ew = dot3(edge, w), ed = dot3(edge, d);
	double c = ee * (dot3(w, w) - s[3] * s[3]) - ew * ew;
	double hb = ee * dot3(w, d) - ew * ed;
	double disc = hb * hb - (ee * dot3(d, d) - ed * ed) * c;
	double t = maxd(mind(c / maxd(sqrt(maxd(disc, 0)) - hb, TINY), 2), -2);
	double f = ew + t * ed;
	return t + (maxd(-c, 0) + maxd(hb, 0) + maxd(-disc, 0) + maxd(-f, 0) + maxd(f - ee, 0)) * HUGE_PENALTY;
}

// The point of the edge at tri + e from the vertex at tri + k touched at t.
static void edgePoint(const double* s, const double* d, const double* tri, int k, int e, double t, double* p)
{
	double w[3] = {s[0] - tri[k], s[1] - tri[k + 1], s[2] - tri[k + 2]};
	const double* edge = tri + e;
	double along = (dot3(edge, w) + t * dot3(edge, d)) / edge[3];
	for (int i = 0; i < 3; ++i)
	{
		p[i] = tri[k + i] + along * edge[i];
	}
}

int tightSweepSphereTriangle(const double* s, const double* d, const double* tri, double* out)
{
	const double* n = tri + NORMAL;
	double r = s[3];
	double dist = dot3(n, s) - tri[12];
	double t1, t2, side;
	if (dist > r || dist < -r)
	{
		double nd = dot3(n, d);
		side = dist > r ? 1 : -1;
		if (side * nd >= 0)
		{
			return 0;
		}
		t1 = (side * r - dist) / nd;
		if (t1 > 1)
		{
			return 0;
		}
		double q[3] = {s[0] + t1 * d[0], s[1] + t1 * d[1], s[2] + t1 * d[2]};
		double u = dot3(tri + 13, q) - tri[16], v = dot3(tri + 17, q) - tri[20];
		if (u >= 0 && v >= 0 && u + v <= 1)
		{
			double h = dot3(n, q) - tri[12];
			return write7(out, t1, q[0] - h * n[0], q[1] - h * n[1], q[2] - h * n[2], side * n[0], side * n[1],
						  side * n[2]);
		}
		t2 = (-side * r - dist) / nd;
	}
	else
	{
		if (startContact(s, d, tri, out))
		{
			return 1;
		}
		double nd = dot3(n, d);
		t1 = 0;
		t2 = nd > 0 ? (r - dist) / nd : nd < 0 ? (-r - dist) / nd : 1;
	}
	// The first of the vertices a, b, c and the edges ab, bc, ca met before
	// the sphere leaves the plane's slab, in that order at equal times.
	double times[6] = {enterVertex(s, d, tri, 0), enterEdge(s, d, tri, 0, EDGE_AB),
					   enterVertex(s, d, tri, 3), enterEdge(s, d, tri, 3, EDGE_BC),
					   enterVertex(s, d, tri, 6), enterEdge(s, d, tri, 6, EDGE_CA)};
	double t = times[0];
	int first = 0;
	for (int i = 1; i < 6; ++i)
	{
		if (times[i] < t)
		{
			t = times[i];
			first = i;
		}
	}
	if (t >= mind(t2, 1))
	{
		return 0;
	}
	double p[3];
	int k = 3 * (first / 2);
	if (first % 2 == 0)
	{
		p[0] = tri[k], p[1] = tri[k + 1], p[2] = tri[k + 2];
	}
	else
	{
		edgePoint(s, d, tri, k, first == 1 ? EDGE_AB : first == 3 ? EDGE_BC : EDGE_CA, t, p);
	}
	t = maxd(t, t1);
	double wx = s[0] + t * d[0] - p[0], wy = s[1] + t * d[1] - p[1], wz = s[2] + t * d[2] - p[2];
	double l = sqrt(wx * wx + wy * wy + wz * wz);
	return write7(out, t, p[0], p[1], p[2], wx / l, wy / l, wz / l);
}
