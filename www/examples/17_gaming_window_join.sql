-- title: Window join on gaming player activity (generated)
-- about: The seed's window joins, on Confluent's mock data: the Gaming Player Activity quickstart, here the read-only table examples.gaming.player_activity of the examples catalog (one row every 100 ms from 2024-01-01 00:00 UTC; players and game rooms 1000–4999, points 10–499). The query joins the table with itself in 20-second tumbling windows: pairs of players who scored in the same game room in the same window. The table declares no WATERMARK, so the time attribute is Confluent's $rowtime with the default watermark (the largest $rowtime seen): window [00:00, 00:20) fires as soon as the first row of the next window arrives, and the last window at the end of input. SET 'joinlab.examples.rows' keeps the stream to 600 rows (one minute). The Data tab lists the rows as they arrive and changes the seed or the row count; the same seed always gives the same rows.
SET 'joinlab.examples.rows' = '600';

SELECT a.game_room_id, a.player_id, a.points, b.player_id AS other_player, b.points AS other_points, a.window_start, a.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE examples.gaming.player_activity, DESCRIPTOR($rowtime), INTERVAL '20' SECOND))) a
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE examples.gaming.player_activity, DESCRIPTOR($rowtime), INTERVAL '20' SECOND))) b
ON a.game_room_id = b.game_room_id AND a.window_start = b.window_start AND a.window_end = b.window_end AND a.player_id < b.player_id;
