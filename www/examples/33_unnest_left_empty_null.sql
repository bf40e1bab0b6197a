-- title: LEFT JOIN UNNEST ... ON TRUE: keeping orders with an empty or NULL array
-- about: CROSS JOIN UNNEST drops an order whose tags are empty ([]) or NULL: there is no element to emit (query 1: o2 and o3 give nothing). LEFT JOIN UNNEST(tags) AS t (tag) ON TRUE keeps such an order once, its tag NULL (query 2: o2 and o3 come out padded with NULLs), and a NULL element ([x, NULL]) is an element like any other: a row with a NULL tag. Query 3 adds WITH ORDINALITY to the LEFT form: Apache Flink 2.3 runs it (the padded row's position is NULL), while Confluent Cloud rejects it (the seed says so; switch the dialect to confluent to see the error).
SET 'joinlab.dialect' = 'flink';

CREATE TABLE orders (
  order_id STRING,
  tags ARRAY<STRING>
);

@orders o1 | [gift, fragile]
@orders o2 | []
@orders o3 | NULL
@orders o4 | [sale, NULL]

SELECT order_id, tag
FROM orders CROSS JOIN UNNEST(tags) AS t (tag);

SELECT order_id, tag
FROM orders LEFT JOIN UNNEST(tags) AS t (tag) ON TRUE;

SELECT order_id, tag, tag_position
FROM orders LEFT JOIN UNNEST(tags) WITH ORDINALITY AS t (tag, tag_position) ON TRUE;
