/* libyaml's event parser over one file, doing nothing with the events: the reading part of the
 * floors of libyaml_baseline.c and generation_floor.c. */
#include <stdio.h>
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
