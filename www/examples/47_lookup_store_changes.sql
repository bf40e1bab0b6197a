-- title: Lookup join (Apache Flink): the store changes mid-stream, emitted rows stay as they were
-- about: A key lookup whose table changes while orders stream in (flink dialect, 'lookup' = 'true'). The Store card under the timeline shows products as it is at each step: the row a step writes is highlighted, the row it replaces or deletes struck through, and each row says the step that wrote it. Each order probes the store by its product_id: the chair costs 45 for order 501 and 50 for order 502 (the +U at step 6 comes later and does not revise 501); the desk is found for order 503 but its stock is 0 now, so the rest of the ON condition (p.stock > 0) rejects it; after the -D at step 10 order 504 finds nothing. LEFT pads both with NULLs, INNER drops them. The step sentence names the later change of the key that will not revise a row.
SET 'joinlab.dialect' = 'flink';
CREATE TABLE orders (
  order_id INT,
  product_id INT,
  qty INT,
  proc_time AS PROCTIME()
);

CREATE TABLE products (
  id INT,
  name STRING,
  price INT,
  stock INT,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');

@products    1 | lamp  | 20  | 5
@products    2 | chair | 45  | 2
@products    3 | desk  | 120 | 1
@orders      500 | 1 | 2
@orders      501 | 2 | 1
@products +U 2 | chair | 50  | 2     -- the chair's price goes up
@orders      502 | 2 | 1
@products +U 3 | desk  | 120 | 0     -- the desk sells out
@orders      503 | 3 | 1             -- found, but stock 0 fails p.stock > 0
@products -D 3 | desk  | 120 | 0     -- the desk leaves the catalog
@orders      504 | 3 | 1             -- nothing found
@orders      505 | 1 | 3

SELECT o.order_id, o.product_id, p.name, p.price * o.qty AS total
FROM orders o LEFT JOIN products FOR SYSTEM_TIME AS OF o.proc_time AS p
  ON o.product_id = p.id AND p.stock > 0;

SELECT o.order_id, p.name, p.price * o.qty AS total
FROM orders o JOIN products FOR SYSTEM_TIME AS OF o.proc_time AS p
  ON o.product_id = p.id AND p.stock > 0;
