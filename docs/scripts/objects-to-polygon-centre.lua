-- Move every Marathon object that lies outside its polygon to the
-- centre of that polygon.
--
--   levelwright script MAP.sceA objects-to-polygon-centre.lua --level 0 --check
--
-- An object names the polygon it stands in (Polygon); a map edited by
-- hand or by an old tool may place it outside, where the engine puts it
-- in the wrong polygon or nowhere. Lists in Lua count from 1, indexes in
-- the level from 0: polygon n is level.polygons[n + 1].

assert(lw.game() == "marathon", "this script places Marathon objects")

-- inside reports whether (x, y) is in the convex polygon p or on its
-- edge: on the same side of every edge.
local function inside(level, p, x, y)
  local sign = 0
  for i = 1, p.VertexCount do
    local a = level.endpoints[p.Endpoints[i] + 1]
    local b = level.endpoints[p.Endpoints[i % p.VertexCount + 1] + 1]
    local cross = (b.X - a.X) * (y - a.Y) - (b.Y - a.Y) * (x - a.X)
    if cross ~= 0 then
      local s = cross > 0 and 1 or -1
      if sign ~= 0 and s ~= sign then return false end
      sign = s
    end
  end
  return true
end

local level = lw.level()
local moved = 0
for i, o in ipairs(level.objects) do
  local p = level.polygons[o.Polygon + 1]
  if p and not inside(level, p, o.X, o.Y) then
    print(string.format("object %d (type %d) at (%d, %d) is outside polygon %d: moved to its centre (%d, %d)",
      i - 1, o.Type, o.X, o.Y, o.Polygon, p.Center.X, p.Center.Y))
    o.X, o.Y = p.Center.X, p.Center.Y
    moved = moved + 1
  end
end
lw.commit(level)
print(string.format("moved %d objects", moved))
