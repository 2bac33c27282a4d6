-- Dim every light of a Marathon level by a percentage.
--
--   levelwright script MAP.sceA dim-lights.lua --level 0 --out DIMMED.sceA
--
-- Intensities are 16.16 fixed point (65536 is full light). Marathon 2 and
-- Infinity lights have six functions (primary, secondary and becoming
-- active, the same inactive), each with an intensity and a random delta;
-- Marathon 1 lights have a minimum, a maximum and an intensity. Every one
-- of them is scaled. (The export has the one list the level's version
-- stores.)

local percent = PERCENT or 25 -- how much darker, 0 to 100

assert(lw.game() == "marathon", "this script dims Marathon lights")
local keep = (100 - percent) / 100
local function dim(v) return math.floor(v * keep) end

local level = lw.level()
local count = 0
for _, light in ipairs(level.lights or {}) do
  for _, f in ipairs(light.Functions) do
    f.Intensity = dim(f.Intensity)
    f.DeltaIntensity = dim(f.DeltaIntensity)
  end
  count = count + 1
end
for _, light in ipairs(level.old_lights or {}) do
  light.Minimum = dim(light.Minimum)
  light.Maximum = dim(light.Maximum)
  light.Intensity = dim(light.Intensity)
  count = count + 1
end
lw.commit(level)
print(string.format("dimmed %d lights of level %d by %d%%", count, level.level, percent))
