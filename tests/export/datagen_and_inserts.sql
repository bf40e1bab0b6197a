-- A datagen table with a JoinLab-only option, INSERT data read by time, and a TIMESTAMP_LTZ value.
SET 'sql.state-ttl' = '1 h';

CREATE TABLE clicks (user_id INT, url STRING) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '5',
  'fields.user_id.min' = '1',
  'fields.user_id.max' = '3',
  'joinlab.max-delay' = '2 s'
);
CREATE TABLE users (
  user_id INT,
  seen TIMESTAMP_LTZ(3),
  WATERMARK FOR seen AS seen
);

INSERT INTO users VALUES (2, TO_TIMESTAMP_LTZ(1704103260000, 3)), (1, TO_TIMESTAMP_LTZ(1704103200000, 3));

SELECT c.url, u.seen FROM clicks c JOIN users u ON c.user_id = u.user_id;
