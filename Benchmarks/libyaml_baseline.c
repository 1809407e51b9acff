/* The floor for reading specs: libyaml's event parser over every file, doing nothing
 * with the events. `make bench` runs it on the same files as the generator, in the same run,
 * so the ratio between the two is what is compared on a noisy machine. */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

static int parse_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return 1; }
    yaml_parser_t parser;
    yaml_event_t event;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, f);
    int done = 0, status = 0;
    while (!done) {
        if (!yaml_parser_parse(&parser, &event)) { fprintf(stderr, "%s: parse error\n", path); status = 1; break; }
        done = (event.type == YAML_STREAM_END_EVENT);
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    fclose(f);
    return status;
}

int main(int argc, char **argv) {
    int status = 0;
    for (int i = 1; i < argc; i++) status |= parse_file(argv[i]);
    return status;
}
