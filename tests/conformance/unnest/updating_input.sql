-- UNNEST over an updating table: each produced row carries the outer row's change kind, so an
-- update of the array retracts the old elements (-U) and adds the new ones (+U), a delete
-- retracts them (-D); an update to an empty array only retracts.
CREATE TABLE carts (
  user_id INT,
  items ARRAY<STRING>,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
@carts 1 | [apple, pear]
@carts 2 | [milk]
@carts +U 1 | [apple, kiwi, plum]
@carts -D 2 | [milk]
@carts +U 1 | []
@carts +U 2 | [bread]
SELECT user_id, item, pos FROM carts CROSS JOIN UNNEST(items) WITH ORDINALITY AS u(item, pos);
SELECT user_id, item FROM carts LEFT JOIN UNNEST(items) AS u(item) ON TRUE;
