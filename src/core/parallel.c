/* The same work on several threads at once (core.h vl_parallel_run): independent pieces of one
 * question, each worker writing its answers to places of its own (all-pairs sight and the query over
 * all pairs; the commander's plays on copies of the game, each with its own dice), so the answers do
 * not depend on how many threads share them. The game being played never changes here. */
#include "volley/core.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

int vl_threads_default(void)
{
    const char *env = getenv("VOLLEY_THREADS");
    long k;
    if (env && *env) {
        char *end;
        k = strtol(env, &end, 10);
        if (*end)
            k = 1;
    } else {
        k = sysconf(_SC_NPROCESSORS_ONLN);
    }
    return k < 1 ? 1 : k > VL_MAX_THREADS ? VL_MAX_THREADS : (int)k;
}

typedef struct Job {
    void (*work)(void *ctx, int worker);
    void *ctx;
    int worker;
} Job;

static void *job_main(void *arg)
{
    Job *j = arg;
    j->work(j->ctx, j->worker);
    return NULL;
}

int vl_parallel_run(int threads, void (*work)(void *ctx, int worker), void *ctx)
{
    if (threads <= 0)
        threads = vl_threads_default();
    if (threads > VL_MAX_THREADS)
        threads = VL_MAX_THREADS;
    Job jobs[VL_MAX_THREADS];
    pthread_t tid[VL_MAX_THREADS];
    int started = 1;
    for (int k = 1; k < threads; k++) {
        jobs[started] = (Job){work, ctx, started};
        /* A thread that cannot be started leaves its share to the others. */
        if (pthread_create(&tid[started], NULL, job_main, &jobs[started]) == 0)
            started++;
    }
    work(ctx, 0);
    for (int k = 1; k < started; k++)
        pthread_join(tid[k], NULL);
    return started;
}
