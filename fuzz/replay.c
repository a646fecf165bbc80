// SPDX-License-Identifier: MIT
// Replays inputs through a harness without libFuzzer: each file named on the
// command line, or each file of each directory named. A failed invariant
// aborts (and names the file first); prints "N passed, 0 failed".

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int s_passed = 0;

static void replay(const char* path)
{
	FILE* f = fopen(path, "rb");
	if (f == NULL)
	{
		fprintf(stderr, "cannot open %s\n", path);
		exit(1);
	}
	static uint8_t buffer[1 << 16];
	size_t size = fread(buffer, 1, sizeof buffer, f);
	fclose(f);
	fprintf(stderr, "%s\n", path);
	LLVMFuzzerTestOneInput(buffer, size);
	s_passed++;
}

int main(int argc, char** argv)
{
	for (int i = 1; i < argc; ++i)
	{
		struct stat st;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
		{
			DIR* dir = opendir(argv[i]);
			struct dirent* entry;
			while (dir != NULL && (entry = readdir(dir)) != NULL)
			{
				if (entry->d_name[0] == '.')
				{
					continue;
				}
				char path[4096];
				snprintf(path, sizeof path, "%s/%s", argv[i], entry->d_name);
				replay(path);
			}
			if (dir != NULL)
			{
				closedir(dir);
			}
		}
		else
		{
			replay(argv[i]);
		}
	}
	printf("%d passed, 0 failed\n", s_passed);
	return 0;
}
