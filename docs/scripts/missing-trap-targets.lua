-- List every System Shock trap whose target is missing: a trap that
-- names an object not in use, which does nothing (or worse) when set off.
--
--   levelwright script archive.dat missing-trap-targets.lua --check
--
-- Every level of the archive is read; nothing is changed. The links of
-- a level say which object names which, and by which field.

assert(lw.game() == "shock", "this script reads System Shock traps")

local found = 0
for _, n in ipairs(lw.levels()) do
  local level = lw.level(n)
  local objects = {}
  for _, o in ipairs(level.objects) do objects[o.index] = o end
  for _, link in ipairs(level.links) do
    local from = objects[link.from]
    if from.class_name == "trap" and not objects[link.to] then
      print(string.format("level %d: trap %d (%s): %s is object %d, which is not in use",
        n, link.from, from.trap.action_name, link.field, link.to))
      found = found + 1
    end
  end
end
print(string.format("%d missing trap targets", found))
