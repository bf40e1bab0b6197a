-- Equalities of expressions of each side (COALESCE(a.k, 0) = COALESCE(b.k, 0)) are join keys Flink computes in its inputs: the interval join's cleanup timers are per key (fuzz finding).
SET 'table.exec.interval-join.min-cleanup-interval' = '150 min';
CREATE TABLE A (k INT, k2 INT, v INT, id STRING, ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR t AS t - INTERVAL '5' SECOND);
CREATE TABLE B (k BIGINT, k2 INT, v INT, id STRING, ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR t AS t - INTERVAL '2' SECOND);
@B 2 | 2 | 3 | b8 | 1704148199999
@A 2 | 2 | 4 | a12 | 1704159000000
@B NULL | 2 | NULL | b13 | 1704157200000
@A 1 | 2 | 1 | a14 | 1704164400000
SELECT B.id AS bid, COALESCE(A.k, B.k) AS ck, A.id AS aid
FROM A RIGHT JOIN B
ON A.k2 = B.k2 AND COALESCE(A.k, 0) = COALESCE(B.k, 0) AND (A.v = 0 OR B.v = 0) AND A.t BETWEEN B.t + INTERVAL '1' HOUR AND B.t + INTERVAL '2' HOUR;
