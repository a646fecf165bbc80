-- The LÖVE demo's window, without sound (it runs headless in make test).
function love.conf(t)
  t.identity = "collide-demo"
  t.window.title = "collide: a character through the walkthrough's level"
  t.window.width, t.window.height = 960, 600
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
end
