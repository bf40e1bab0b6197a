-- Query hints: unknown hint, STATE_TTL and MULTI_JOIN name matching and value checks, multi-way join
-- planning (EXPLAIN: grouping by common key, split chains), changelog modes. Oracle probe 2026-11-30.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE A (id INT, v STRING);
CREATE TABLE B (id INT, w STRING);
CREATE TABLE C (id INT, x STRING);
@A 1 | a1
@B 1 | b1
@C 1 | c1
@B 1 | b2
SELECT /*+ FOO(A) */ * FROM A JOIN B ON A.id = B.id;
SELECT /*+ STATE_TTL('Z' = '1d') */ * FROM A JOIN B ON A.id = B.id;
SELECT /*+ STATE_TTL('A' = 'abc') */ * FROM A JOIN B ON A.id = B.id;
SELECT /*+ STATE_TTL('a' = '1d') */ * FROM A JOIN B ON A.id = B.id;
SELECT /*+ STATE_TTL('x' = '1d') */ * FROM A x JOIN B ON x.id = B.id;
SELECT /*+ MULTI_JOIN(A, B) */ * FROM A JOIN B ON A.id = B.id JOIN C ON B.id = C.id;
SELECT /*+ MULTI_JOIN(A, Z) */ * FROM A JOIN B ON A.id = B.id JOIN C ON B.id = C.id;
SELECT /*+ MULTI_JOIN */ * FROM A JOIN B ON A.id = B.id JOIN C ON B.id = C.id;
EXPLAIN SELECT /*+ MULTI_JOIN(A, B, C) */ * FROM A JOIN B ON A.id = B.id JOIN C ON B.id = C.id;
EXPLAIN SELECT /*+ MULTI_JOIN(A, B) */ * FROM A JOIN B ON A.id = B.id JOIN C ON B.id = C.id;
EXPLAIN SELECT /*+ MULTI_JOIN(A, B, C) */ * FROM A JOIN B ON A.id = B.id LEFT JOIN C ON A.id = C.id;
EXPLAIN SELECT /*+ MULTI_JOIN(A, B, C) */ * FROM A JOIN B ON A.id = B.id JOIN C ON B.w = C.x;
EXPLAIN CHANGELOG_MODE SELECT * FROM A LEFT JOIN B ON A.id = B.id;
EXPLAIN CHANGELOG_MODE SELECT /*+ MULTI_JOIN(A, B, C) */ * FROM A LEFT JOIN B ON A.id = B.id LEFT JOIN C ON B.id = C.id;
