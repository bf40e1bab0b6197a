-- AVG: INT->INT and BIGINT->BIGINT (sum BIGINT / count, Java division truncates toward zero),
-- DECIMAL(p,s)->DECIMAL(38, max(6,s)), DOUBLE->DOUBLE, FLOAT->FLOAT; NULLs ignored, all-NULL -> NULL;
-- with retraction AVG keeps sum and count and recomputes (no AVG_RETRACT name in the plan).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE r (k STRING, i INT, b BIGINT, d DECIMAL(10, 2), db DOUBLE, ti TINYINT) WITH ('changelog-mode' = 'retract');
@r     a | 5 | 5 | 5.00 | 5.0 | 100
@r     a | 2 | 2 | 2.01 | 2.0 | 100
@r     a | -10 | -10 | -10.00 | -10.0 | 100
@r     b | NULL | NULL | NULL | NULL | NULL
@r -D  a | 5 | 5 | 5.00 | 5.0 | 100
@r -D  a | -10 | -10 | -10.00 | -10.0 | 100
@r     b | -3 | -3 | -3.33 | -3.0 | -3
@r     b | -4 | -4 | -4.00 | -4.0 | -4
EXPLAIN CHANGELOG_MODE
SELECT k, AVG(i) AS a_i, AVG(b) AS a_b, AVG(d) AS a_d, AVG(db) AS a_db, AVG(ti) AS a_ti FROM r GROUP BY k;
SELECT k, AVG(i) AS a_i, AVG(b) AS a_b, AVG(d) AS a_d, AVG(db) AS a_db, AVG(ti) AS a_ti FROM r GROUP BY k;
SELECT AVG(CAST(i AS DOUBLE)) AS a_cast, AVG(i * 1.0) AS a_dec FROM r;
