/* The floor for reading specs: libyaml's event parser over every file, doing nothing
 * with the events. `make bench` runs it on the same files as the generator, in the same run,
 * so the ratio between the two is what is compared on a noisy machine. */
#include "libyaml_parse.h"

int main(int argc, char **argv) {
    int status = 0;
    for (int i = 1; i < argc; i++) status |= parse_file(argv[i]);
    return status;
}
