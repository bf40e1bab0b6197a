-- A lookup table without a PRIMARY KEY is a multiset: two equal rows are two matches, a -D (or
-- -U) removes one equal row, +I of a row with an existing key adds a row (nothing is replaced).
-- Every matching row is joined, so one order can produce several output rows.
CREATE TABLE orders (
  order_id INT,
  tag STRING,
  proc_time AS PROCTIME()
);

CREATE TABLE tags (
  tag STRING,
  label STRING
) WITH ('changelog-mode' = 'retract', 'lookup' = 'true');

@tags      red | warm
@tags      red | warm
@tags      red | danger
@tags      blue | cold
@orders    1 | red
@tags   -D red | warm               -- one of the two equal rows goes
@orders    2 | red
@tags   -U red | danger
@tags   +U red | stop
@orders    3 | red
@tags   -D red | absent             -- no equal row: nothing
@orders    4 | red
@tags   -D blue | cold
@orders    5 | blue

SELECT o.order_id, t.label
FROM orders o JOIN tags FOR SYSTEM_TIME AS OF o.proc_time AS t ON o.tag = t.tag;

SELECT o.order_id, o.tag, t.label
FROM orders o LEFT JOIN tags FOR SYSTEM_TIME AS OF o.proc_time AS t ON o.tag = t.tag;
