-- !! FLINK 2.3 PLANNER BUG captured as is: WRONG RESULTS. !!
-- A 3-table chain WITHOUT a common key (A.x = B.x, B.y = C.y) under MULTI_JOIN (hint, or the
-- 'table.optimizer.multi-join.enabled' option) whose SELECT list projects columns: the optimized plan
-- is a MultiJoin of A and B only (select=[a_id, x, x0]); table C disappears from the plan and the
-- output columns are shifted (b_id shows B.x, c_id shows B.x again; a row per A-B match, C ignored).
-- With SELECT * (tests/conformance/multi_join/multi_join_no_common_key.sql) or without multi-join
-- (tests/conformance/regular_join/regular_chain_three_tables.sql) the results are correct. Kept separate so
-- that it can be dropped if JoinLab decides not to model it.
-- divergence: reference
-- divergence-note: # note: this multi-way join chain has no common join key
CREATE TABLE A (
  a_id INT,
  x INT
);

CREATE TABLE B (
  b_id INT,
  x INT,
  y INT
);

CREATE TABLE C (
  c_id INT,
  y INT
);

@A 1 | 10
@B 11 | 10 | 100
@C 21 | 100
@A 2 | 20
@B 12 | 20 | 200
@C 22 | 200
@B 13 | 10 | 200

EXPLAIN
SELECT /*+ MULTI_JOIN(A, B, C) */ A.a_id, B.b_id, C.c_id FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;

SELECT /*+ MULTI_JOIN(A, B, C) */ A.a_id, B.b_id, C.c_id FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;

SELECT /*+ MULTI_JOIN(A, B, C) */ A.a_id, B.b_id, C.c_id FROM A LEFT JOIN B ON A.x = B.x LEFT JOIN C ON B.y = C.y;

SELECT /*+ MULTI_JOIN(A, B, C) */ A.a_id, B.b_id, B.y, C.c_id, C.y FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;

SET 'table.optimizer.multi-join.enabled' = 'true';

SELECT A.a_id, B.b_id, C.c_id FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;
