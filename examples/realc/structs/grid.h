/* A grid as larger codes keep one: sizes, fields and bookkeeping in one struct. */
#ifndef GRID_H
#define GRID_H

#include <stdio.h>

#define NV 4

typedef double real_t;

struct stats {
    long calls;
    float last[2];
};

typedef struct grid {
    int n;
    char name[16];
    real_t *u;
    const real_t *c;
    real_t *w;
    real_t v[NV];
    real_t s;
    FILE *log;
    struct stats st;
} grid_t;

#endif
