-- A Top-N over a Top-N whose rank number is selected: the inner Top-N's -U/+U rank shifts reach
-- the outer Top-N (Retract strategy), which sends -D/-U/+U/+I with its own numbers. (When a
-- projection drops the inner number, Flink still keeps it; JoinLab refuses that shape.)
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (id INT, k INT, s STRING);
INSERT INTO t VALUES (2, 2, 'a'), (3, 1, 'x'), (5, 2, 'c'), (4, 1, 'z'), (6, 2, 'b');
SELECT * FROM (SELECT id, k, s, rn, ROW_NUMBER() OVER (ORDER BY id DESC) AS rn2 FROM (SELECT id, k, s, rn FROM (SELECT id, k, s, ROW_NUMBER() OVER (PARTITION BY k ORDER BY s DESC) AS rn FROM t) WHERE rn < 3)) WHERE rn2 <= 2;
