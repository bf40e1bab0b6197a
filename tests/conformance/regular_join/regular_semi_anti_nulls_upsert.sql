-- Regular SEMI / ANTI joins with NULLs and an upsert right side (blocked: PRIMARY KEY id, 'upsert').
-- NOT IN is null-aware: a NULL in the subquery makes every NOT IN false (all anti rows retracted),
-- deleting that NULL row brings them back; a NULL on the left never qualifies for NOT IN, but does
-- for NOT EXISTS. IN with NULL keys never matches. Also an upsert LEFT side (orders_u) in a semi
-- join (its +U/-D flow through). EXPLAIN CHANGELOG_MODE for the NOT IN and the updating-left semi join.
CREATE TABLE orders (
  order_id INT,
  pid INT
);

CREATE TABLE blocked (
  id INT,
  pid INT,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

CREATE TABLE orders_u (
  order_id INT,
  pid INT,
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@orders       1 | 10
@orders       2 | NULL
@orders       3 | 20
@orders_u     1 | 10
@orders_u     2 | 20
@blocked      100 | 10
@orders_u +U  2 | 10
@blocked      101 | NULL
@orders       4 | 30
@blocked +U   100 | 20
@blocked -D   101 | NULL
@orders_u -D  1 | 10
@blocked -D   100 | 20
@orders_u     1 | 30

EXPLAIN CHANGELOG_MODE
SELECT order_id, pid FROM orders WHERE pid NOT IN (SELECT pid FROM blocked);
EXPLAIN CHANGELOG_MODE
SELECT order_id, pid FROM orders_u WHERE pid IN (SELECT pid FROM blocked);

SELECT order_id, pid FROM orders WHERE pid IN (SELECT pid FROM blocked);

SELECT order_id, pid FROM orders WHERE pid NOT IN (SELECT pid FROM blocked);

SELECT order_id, pid FROM orders o WHERE NOT EXISTS (SELECT 1 FROM blocked b WHERE b.pid = o.pid);

SELECT order_id, pid FROM orders o WHERE EXISTS (SELECT 1 FROM blocked b WHERE b.pid = o.pid);

-- updating left side
SELECT order_id, pid FROM orders_u WHERE pid IN (SELECT pid FROM blocked);

SELECT order_id, pid FROM orders_u WHERE pid NOT IN (SELECT pid FROM blocked);
