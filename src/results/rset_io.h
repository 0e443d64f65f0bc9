/*
 * rset_io.h - the readers and writers of results in the results layer
 * (rset_csv.c, rset_json.c, rset_table.c): what the formats' table
 * (rformat.h, above them with the summary's views) names.
 */
#ifndef CSUMBENCH_RSET_IO_H
#define CSUMBENCH_RSET_IO_H

#include <stddef.h>
#include <stdio.h>

#include "rset.h"

int	rset_csv_read(const char *text, size_t len, struct rset *rs, char *err,
	    size_t errlen);
void	rset_csv_write(FILE *fp, const struct rset *rs, const size_t *idx,
	    size_t n);
int	rset_json_sniff(const char *text, size_t len);
int	rset_json_read(const char *text, size_t len, struct rset *rs,
	    char *err, size_t errlen);
void	rset_json_write(FILE *fp, const struct rset *rs, const size_t *idx,
	    size_t n);
void	rset_table_write(FILE *fp, const struct rset *rs, const size_t *idx,
	    size_t n);

#endif
