-- A script longer than its script-bytes limit.
SET 'joinlab.limit.script-bytes' = '100';
CREATE TABLE t (x INT);
INSERT INTO t VALUES (1);
SELECT * FROM t;
