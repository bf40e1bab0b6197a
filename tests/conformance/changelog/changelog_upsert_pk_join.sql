-- Upsert input (PRIMARY KEY NOT ENFORCED, 'changelog-mode' = 'upsert', +I/+U/-D rows) joined on its
-- primary key: INNER, LEFT, RIGHT, FULL, and with the upsert table as the preserved LEFT side.
-- Checks: +U of a key that has partners (outer joins: how the old joined row is retracted), +U of a
-- key without partners (RIGHT/FULL: padded row replaced), -D with several partners (LEFT: padding
-- comes back per order), re-insert (+I) after delete, +I of an already present key (an upsert
-- +I acts as an update). EXPLAIN CHANGELOG_MODE for each query: leftInputSpec / rightInputSpec
-- (JoinKeyContainsUniqueKey). NOTE: EXPLAIN of a bare SELECT plans for a sink that accepts upserts,
-- so it shows NO ChangelogNormalize and changelogMode=[I,UA,D]; the harness runs each query through
-- toChangelogStream (which wants -U rows), so the executed plan has ChangelogNormalize(key=[id]) after
-- the upsert source, and the join sees -U/+U pairs (visible in the output). The last EXPLAIN, with a
-- GROUP BY consumer that also needs -U rows, shows that plan shape.
CREATE TABLE orders (
  order_id INT,
  pid INT,
  qty INT
);

CREATE TABLE Product (
  id INT,
  name STRING,
  price DECIMAL(10, 2),
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@orders      1 | 10 | 2
@Product     10 | Apple | 1.00
@Product +U  10 | Apple | 1.20
@Product     20 | Pear | 0.80
@Product +U  20 | Pear | 0.90
@orders      2 | 20 | 1
@orders      3 | 10 | 5
@Product -D  10 | Apple | 1.20
@Product     10 | Apple | 1.50
@Product     20 | Pear | 0.95
@orders      4 | 30 | 1
@Product -D  20 | Pear | 0.95

EXPLAIN CHANGELOG_MODEEXPLAIN CHANGELOG_MODE
SELECT name, COUNT(*) AS n FROM (SELECT o.order_id, p.name FROM orders o LEFT JOIN Product p ON o.pid = p.id) GROUP BY name;

SELECT o.order_id, o.qty, p.id, p.name, p.price FROM orders o JOIN Product p ON o.pid = p.id;
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.qty, p.id, p.name, p.price FROM orders o LEFT JOIN Product p ON o.pid = p.id;
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.qty, p.id, p.name, p.price FROM orders o RIGHT JOIN Product p ON o.pid = p.id;
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.qty, p.id, p.name, p.price FROM orders o FULL JOIN Product p ON o.pid = p.id;
EXPLAIN CHANGELOG_MODE
SELECT p.id, p.name, p.price, o.order_id, o.qty FROM Product p LEFT JOIN orders o ON p.id = o.pid;

SELECT o.order_id, o.qty, p.id, p.name, p.price FROM orders o JOIN Product p ON o.pid = p.id;

SELECT o.order_id, o.qty, p.id, p.name, p.price FROM orders o LEFT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, o.qty, p.id, p.name, p.price FROM orders o RIGHT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, o.qty, p.id, p.name, p.price FROM orders o FULL JOIN Product p ON o.pid = p.id;

SELECT p.id, p.name, p.price, o.order_id, o.qty FROM Product p LEFT JOIN orders o ON p.id = o.pid;

-- the upsert table itself, for reference
SELECT * FROM Product;
