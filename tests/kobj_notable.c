/* kobj_notable.c - a shared object that is not a kernel object. */
#include <stddef.h>

size_t	kobj_notable(size_t);

size_t
kobj_notable(size_t n)
{
	return n + 1;
}
