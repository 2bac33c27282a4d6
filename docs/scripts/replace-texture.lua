-- Replace one texture with another everywhere on a Marathon level: on
-- floors and ceilings and on every side (primary, secondary and
-- transparent).
--
--   levelwright script MAP.sceA replace-texture.lua --level 0 --out NEW.sceA
--
-- A texture is a shape descriptor: collection * 256 + bitmap, as the
-- level export shows it (4357 is collection 17, bitmap 5).

local from = FROM or 4357 -- the texture to replace
local to = TO or 4358     -- its replacement

assert(lw.game() == "marathon", "this script replaces Marathon textures")

local level = lw.level()
local count = 0
local function swap(t, field)
  if t[field] == from then
    t[field] = to
    count = count + 1
  end
end
for _, p in ipairs(level.polygons) do
  swap(p, "FloorTexture")
  swap(p, "CeilingTexture")
end
for _, s in ipairs(level.sides) do
  swap(s.Primary, "Texture")
  swap(s.Secondary, "Texture")
  swap(s.Transparent, "Texture")
end
lw.commit(level)
print(string.format("replaced texture %d with %d %d times", from, to, count))
