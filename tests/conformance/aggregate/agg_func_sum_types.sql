-- SUM result types: TINYINT->TINYINT, INT->INT, BIGINT->BIGINT, DECIMAL(p,s)->DECIMAL(38,s),
-- DOUBLE->DOUBLE, FLOAT->FLOAT; NULL inputs ignored, a group with only NULLs gives NULL;
-- integer overflow wraps silently (Java arithmetic); with retraction SUM_RETRACT keeps a non-null
-- count and returns NULL when it drops to 0, while the group lives on.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE r (k STRING, ti TINYINT, i INT, b BIGINT, d DECIMAL(10, 2), f FLOAT, db DOUBLE) WITH ('changelog-mode' = 'retract');
@r     a | 100 | 2147483647 | 9223372036854775807 | 12345678.91 | 1.5 | 0.1
@r     a | 100 | 1 | 1 | 0.09 | 2.25 | 0.2
@r     b | NULL | NULL | NULL | NULL | NULL | NULL
@r     a | NULL | NULL | NULL | NULL | NULL | NULL
@r -D  a | 100 | 2147483647 | 9223372036854775807 | 12345678.91 | 1.5 | 0.1
@r -D  a | 100 | 1 | 1 | 0.09 | 2.25 | 0.2
@r     b | 1 | 1 | 1 | 1.00 | 1.0 | 1.0
EXPLAIN CHANGELOG_MODE
SELECT k, SUM(ti) AS s_ti, SUM(i) AS s_i, SUM(b) AS s_b, SUM(d) AS s_d, SUM(f) AS s_f, SUM(db) AS s_db FROM r GROUP BY k;
SELECT k, SUM(ti) AS s_ti, SUM(i) AS s_i, SUM(b) AS s_b, SUM(d) AS s_d, SUM(f) AS s_f, SUM(db) AS s_db FROM r GROUP BY k;
-- SUM over an expression: INT + 0.5 is DECIMAL(11, 1) -> DECIMAL(38, 1)
SELECT k, SUM(i) AS s_i, SUM(d) AS s_d, SUM(i + 0.5) AS s_expr FROM (SELECT k, i, d FROM r) GROUP BY k;
