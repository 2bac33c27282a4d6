-- Report every Turok actor that stands over no sector: one whose origin
-- is outside every sector's triangle, which the engine cannot place.
--
--   levelwright script LEVEL.map actors-over-no-sector.lua --check
--
-- The export gives each actor's Sector as the engine finds it (-1 for
-- none), in map units with Z up.

assert(lw.game() == "turok", "this script reads Turok actors")

local level = lw.level()
local found = 0
for i, a in ipairs(level.actors) do
  if a.Sector == -1 then
    print(string.format("actor %d (type %d) at (%g, %g, %g) is over no sector", i - 1, a.Type, a.Origin.X, a.Origin.Y, a.Origin.Z))
    found = found + 1
  end
end
print(string.format("%d of %d actors over no sector", found, #level.actors))
