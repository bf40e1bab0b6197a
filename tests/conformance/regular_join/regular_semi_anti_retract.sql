-- Regular (non-window) SEMI / ANTI joins: IN, EXISTS, NOT EXISTS, NOT IN (no NULLs here) with a
-- retract right side (promo: +I, duplicate +I, -U/+U moving a key, -D). Checks: a semi row appears
-- when its first match arrives and is retracted when its last match goes (duplicates count);
-- an anti row disappears (-D) on the first match and re-appears (+I) after the last match is
-- removed; a correlated EXISTS with an extra non-equi condition.
CREATE TABLE orders (
  order_id INT,
  pid INT,
  qty INT
);

CREATE TABLE promo (
  pid INT,
  min_qty INT
) WITH ('changelog-mode' = 'retract');

@orders     1 | 10 | 2
@orders     2 | 20 | 5
@promo      10 | 1
@promo      10 | 3
@orders     3 | 10 | 4
@promo -D   10 | 1
@promo -U   10 | 3
@promo +U   20 | 3
@orders     4 | 30 | 1
@promo -D   20 | 3
@orders     5 | 20 | 9

EXPLAIN CHANGELOG_MODE
SELECT order_id, pid FROM orders WHERE pid IN (SELECT pid FROM promo);
EXPLAIN CHANGELOG_MODE
SELECT order_id, pid FROM orders WHERE pid NOT IN (SELECT pid FROM promo);

SELECT order_id, pid FROM orders WHERE pid IN (SELECT pid FROM promo);

SELECT order_id, pid FROM orders o WHERE EXISTS (SELECT 1 FROM promo p WHERE p.pid = o.pid);

SELECT order_id, pid FROM orders o WHERE NOT EXISTS (SELECT 1 FROM promo p WHERE p.pid = o.pid);

SELECT order_id, pid FROM orders WHERE pid NOT IN (SELECT pid FROM promo);

-- correlated EXISTS with a residual condition
SELECT order_id, pid, qty FROM orders o
WHERE EXISTS (SELECT 1 FROM promo p WHERE p.pid = o.pid AND o.qty >= p.min_qty);

-- correlated NOT EXISTS with a residual condition
SELECT order_id, pid, qty FROM orders o
WHERE NOT EXISTS (SELECT 1 FROM promo p WHERE p.pid = o.pid AND o.qty >= p.min_qty);
