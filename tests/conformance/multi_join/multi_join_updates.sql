-- Multi-way join (MULTI_JOIN hint) over updating inputs: users (upsert, PRIMARY KEY id),
-- orders (retract, -U/+U/-D), payments (insert-only), all joined on the user id.
-- Checks SEMANTICS.md section 7: every emitted row takes the INPUT row's kind, so the -U/+U pair
-- that ChangelogNormalize makes of an upsert +U comes out as -U/+U rows even through LEFT levels,
-- whereas the binary cascade (same queries without the hint, last two) turns them into -D/+I with
-- re-padding in between. EXPLAIN CHANGELOG_MODE: inputUniqueKeys, ChangelogNormalize before MultiJoin.
CREATE TABLE users (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

CREATE TABLE orders (
  order_id INT,
  user_id INT,
  amount INT
) WITH ('changelog-mode' = 'retract');

CREATE TABLE payments (
  user_id INT,
  pay_method STRING
);

@users          1 | Alice
@orders         10 | 1 | 5
@payments       1 | card
@users     +U   1 | Alicia
@orders    -U   10 | 1 | 5
@orders    +U   10 | 1 | 7
@users          2 | Bob
@payments       2 | cash
@orders         11 | 2 | 3
@users     -D   1 | Alicia
@orders    -D   11 | 2 | 3
@users          1 | Alice

EXPLAIN CHANGELOG_MODE
SELECT /*+ MULTI_JOIN(u, o, p) */ u.name, o.order_id, o.amount, p.pay_method
FROM users u LEFT JOIN orders o ON u.id = o.user_id LEFT JOIN payments p ON u.id = p.user_id;

SELECT /*+ MULTI_JOIN(u, o, p) */ u.name, o.order_id, o.amount, p.pay_method
FROM users u JOIN orders o ON u.id = o.user_id JOIN payments p ON u.id = p.user_id;

SELECT /*+ MULTI_JOIN(u, o, p) */ u.name, o.order_id, o.amount, p.pay_method
FROM users u LEFT JOIN orders o ON u.id = o.user_id LEFT JOIN payments p ON u.id = p.user_id;

SELECT /*+ MULTI_JOIN(o, u, p) */ o.order_id, o.amount, u.name, p.pay_method
FROM orders o LEFT JOIN users u ON o.user_id = u.id LEFT JOIN payments p ON u.id = p.user_id;

-- binary cascade, for comparison
SELECT u.name, o.order_id, o.amount, p.pay_method
FROM users u LEFT JOIN orders o ON u.id = o.user_id LEFT JOIN payments p ON u.id = p.user_id;

SELECT o.order_id, o.amount, u.name, p.pay_method
FROM orders o LEFT JOIN users u ON o.user_id = u.id LEFT JOIN payments p ON u.id = p.user_id;
