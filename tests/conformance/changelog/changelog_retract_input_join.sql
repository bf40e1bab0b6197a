-- A retract input ('changelog-mode' = 'retract', no primary key: -U/+U pairs and -D rows) on each
-- side of INNER, LEFT and FULL regular joins against an insert-only table.
-- Checks: -U/+U of a row with partners (INNER forwards -U/+U; outer joins turn them into -D/+I and
-- re-pad in between), an update that changes the join key, -D of the last partner (padding returns),
-- a duplicate row in the retract input (multiset state: one -D removes one copy).
-- EXPLAIN CHANGELOG_MODE documents the input specs (NoUniqueKey) and the changelog modes.
CREATE TABLE items (
  item_id INT,
  pid INT
);

CREATE TABLE prices (
  pid INT,
  price INT
) WITH ('changelog-mode' = 'retract');

@items      1 | 10
@prices     10 | 100
@prices -U  10 | 100
@prices +U  10 | 110
@items      2 | 20
@prices     20 | 200
@prices     20 | 200
@prices -U  20 | 200
@prices +U  30 | 300
@prices -D  10 | 110
@items      3 | 30
@prices -D  20 | 200

EXPLAIN CHANGELOG_MODE
SELECT i.item_id, i.pid, p.pid, p.price FROM items i LEFT JOIN prices p ON i.pid = p.pid;
EXPLAIN CHANGELOG_MODE
SELECT p.pid, p.price, i.item_id FROM prices p LEFT JOIN items i ON p.pid = i.pid;

-- retract input on the right
SELECT i.item_id, i.pid, p.pid, p.price FROM items i JOIN prices p ON i.pid = p.pid;

SELECT i.item_id, i.pid, p.pid, p.price FROM items i LEFT JOIN prices p ON i.pid = p.pid;

SELECT i.item_id, i.pid, p.pid, p.price FROM items i FULL JOIN prices p ON i.pid = p.pid;

-- retract input on the left
SELECT p.pid, p.price, i.item_id FROM prices p JOIN items i ON p.pid = i.pid;

SELECT p.pid, p.price, i.item_id FROM prices p LEFT JOIN items i ON p.pid = i.pid;

SELECT p.pid, p.price, i.item_id FROM prices p FULL JOIN items i ON p.pid = i.pid;
