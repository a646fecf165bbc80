--- collide on the classic front (the C module collide.core), whatever the
-- default: require("collide.classic") gives the same API as
-- require("collide"), with collide._FRONT == "classic".
-- @module collide.classic

local front = require("collide.front")
return front.build(require("collide.core"), "classic").collide
