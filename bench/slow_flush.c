/* A disk whose flushes take longer: fsync and fdatasync wait SLOW_FLUSH_US more.
 *
 * This machine's virtual disk acknowledges a flush in ~0.1 ms; cloud block storage and
 * many SSDs take 1-4 ms. `python bench/answers.py --flush-ms 3` preloads this library into
 * the whole benchmark, so the store and the raw baseline run on the same slower disk. It
 * adds a wait after the real flush; it never skips one.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void wait_for_the_disk(void) {
    const char *setting = getenv("SLOW_FLUSH_US");
    long micros = setting ? atol(setting) : 0;
    struct timespec left = {micros / 1000000, (micros % 1000000) * 1000};
    while (micros > 0 && nanosleep(&left, &left) != 0) {
    }
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    int result = real(fd);
    wait_for_the_disk();
    return result;
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    int result = real(fd);
    wait_for_the_disk();
    return result;
}
