-- The 2D example's window, without sound (it runs headless in make test).
function love.conf(t)
  t.identity = "collide-love2d"
  t.window.title = "collide.bump: a ball on tiles and slopes"
  t.window.width, t.window.height = 960, 480
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
end
