-- A kafka-connect-datagen quickstart as a table: the columns come from its Avro schema.
CREATE TABLE shop_orders WITH ('connector' = 'datagen', 'quickstart' = 'orders', 'number-of-rows' = '12');
SELECT * FROM shop_orders;
