-- Regular joins on a 2-column equality key (region, pid) = (region, id): INNER, LEFT, FULL.
-- Checks: rows matching on one key column only never join; a right row arriving later for the
-- full key retracts the padded rows; duplicate identical rows on one side (multiset state).
CREATE TABLE orders (
  order_id INT,
  region STRING,
  pid INT
);

CREATE TABLE Product (
  region STRING,
  id INT,
  name STRING
);

@orders  1 | EU | 10
@Product US | 10 | Apple-US
@orders  2 | US | 10
@orders  3 | EU | 20
@Product EU | 10 | Apple-EU
@Product EU | 20 | Pear-EU
@orders  4 | US | 20
@Product EU | 20 | Pear-EU
@orders  5 | EU | 20

SELECT o.order_id, o.region, o.pid, p.region, p.id, p.name
FROM orders o JOIN Product p ON o.region = p.region AND o.pid = p.id;

SELECT o.order_id, o.region, o.pid, p.region, p.id, p.name
FROM orders o LEFT JOIN Product p ON o.region = p.region AND o.pid = p.id;

SELECT o.order_id, o.region, o.pid, p.region, p.id, p.name
FROM orders o FULL JOIN Product p ON o.pid = p.id AND p.region = o.region;
