-- UNNEST over a regular join's output: the join's updates (a LEFT join's padded row replaced by
-- the joined one) pass through the Correlate with their change kinds.
CREATE TABLE users (id INT, name STRING);
CREATE TABLE prefs (user_id INT, tags ARRAY<STRING>);
@users 1 | ann
@users 2 | bob
@prefs 1 | [red, blue]
@prefs 2 | []
SELECT u.id, u.name, t.tag FROM users u JOIN prefs p ON u.id = p.user_id CROSS JOIN UNNEST(p.tags) AS t(tag);
SELECT u.id, t.tag FROM users u LEFT JOIN prefs p ON u.id = p.user_id LEFT JOIN UNNEST(p.tags) AS t(tag) ON TRUE;
