-- title: UNNEST: an order's tags, one row each (with and without ORDINALITY)
-- about: The seed's array expansion. Each order carries an ARRAY<STRING> of tags; CROSS JOIN UNNEST(tags) AS t (tag) is Flink's Correlate: every order that arrives fans out into one row per tag, in the array's order, each with the order's change kind. Step 1's order o1 [gift, fragile, express] gives three rows at once; the events pane tells the fan-out element by element, and the changelog groups the three rows under the order that made them. WITH ORDINALITY (query 2) adds each tag's 1-based position as the last column, named by the alias list (tag_position). o2 has no tags: an empty array gives no row at all. UNNEST keeps no state: nothing waits, nothing is retracted.
SET 'joinlab.dialect' = 'flink';

CREATE TABLE orders (
  order_id STRING,
  tags ARRAY<STRING>
);

@orders o1 | [gift, fragile, express]
@orders o2 | []
@orders o3 | [sale]
@orders o4 | [express, gift]

SELECT order_id, tag
FROM orders CROSS JOIN UNNEST(tags) AS t (tag);

SELECT order_id, tag, tag_position
FROM orders CROSS JOIN UNNEST(tags) WITH ORDINALITY AS t (tag, tag_position);
