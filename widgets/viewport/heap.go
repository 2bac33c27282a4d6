package viewport

// #ifdef __linux__
// #include <malloc.h> // not on macOS, where mallopt is unknown too
// #endif
//
// // keep_heap makes glibc's malloc keep freed memory for reuse instead
// // of handing it back to the system after each large free, and serve
// // allocations up to 32 MB from the heap. Mesa's software OpenGL
// // allocates and frees its vertex and bin storage at every draw; given
// // back each time, every frame of a large map faulted its pages in
// // again, a third of the frame. It returns 0 where the options are
// // unknown (a C library other than glibc) or refused.
// static int keep_heap(void) {
// #if defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD) && defined(__GLIBC__)
// 	return mallopt(M_TRIM_THRESHOLD, 512 << 20) && mallopt(M_MMAP_THRESHOLD, 32 << 20) && mallopt(M_TOP_PAD, 64 << 20);
// #else
// 	return 0;
// #endif
// }
import "C"

import "sync"

// heapKept says whether the C heap keeps freed memory: see keep_heap.
var heapKept = sync.OnceValue(func() bool { return C.keep_heap() != 0 })
