/* The floor for `generate`: what no generator can avoid. libyaml's event parser over every spec
 * (as libyaml_baseline.c), then the generated output written as `generate` writes it: each file
 * read from a finished output folder and written under a temporary name in the new one, then
 * renamed; with ENDPOINTGEN_FSYNC=1 (as the generator's own opt-in) each file is flushed before its
 * rename and the folder after. One thread: the CPU time is the figure to compare.
 *
 *   generation_floor OUTPUT_FOLDER NEW_FOLDER SPEC.yaml...
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "libyaml_parse.h"

static int copy_file(const char *from, const char *folder, const char *name, int flush) {
    char temporary[4096], final[4096];
    snprintf(temporary, sizeof temporary, "%s/.%s.tmp", folder, name);
    snprintf(final, sizeof final, "%s/%s", folder, name);
    int in = open(from, O_RDONLY);
    if (in < 0) { perror(from); return 1; }
    struct stat info;
    fstat(in, &info);
    char *bytes = malloc(info.st_size + 1);
    ssize_t got = read(in, bytes, info.st_size);
    close(in);
    int out = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (out < 0 || got != info.st_size || write(out, bytes, got) != got) { perror(temporary); free(bytes); return 1; }
    free(bytes);
    if (flush) fsync(out);
    close(out);
    return rename(temporary, final) != 0;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: generation_floor OUTPUT_FOLDER NEW_FOLDER SPEC.yaml...\n"); return 64; }
    int status = 0;
    for (int i = 3; i < argc; i++) status |= parse_file(argv[i]);
    const char *flag = getenv("ENDPOINTGEN_FSYNC");
    int flush = flag && strcmp(flag, "1") == 0;
    if (mkdir(argv[2], 0755) != 0) { perror(argv[2]); return 1; }
    DIR *source = opendir(argv[1]);
    if (!source) { perror(argv[1]); return 1; }
    struct dirent *entry;
    char from[4096];
    while ((entry = readdir(source)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        snprintf(from, sizeof from, "%s/%s", argv[1], entry->d_name);
        status |= copy_file(from, argv[2], entry->d_name, flush);
    }
    closedir(source);
    if (flush) {
        int folder = open(argv[2], O_RDONLY | O_DIRECTORY);
        if (folder >= 0) { fsync(folder); close(folder); }
    }
    return status;
}
