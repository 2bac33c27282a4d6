package marathon

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// Demo is a Marathon map with four rooms, a pool and a lift.
func (format) Demo() document.Demo {
	return document.Demo{Title: "Marathon: four rooms, a pool and a lift", FileName: "demo-marathon.sceA", Build: demo}
}

// demo adds two rooms, one of them a pool of water, a lift, and
// monsters and items to the new map's two rooms.
func demo() ([]byte, error) {
	d, err := Load("demo-marathon.sceA", codec.NewFile("Levelwright Demo").Bytes())
	if err != nil {
		return nil, err
	}
	const level, w = 0, 2048
	pt := func(x, y int) codec.Point { return codec.Point{X: int16(x), Y: int16(y)} }
	pool, err := d.DrawPolygon(level, []codec.Point{pt(0, w), pt(w, w), pt(2*w, w), pt(2*w, 2*w), pt(0, 2*w)})
	if err != nil {
		return nil, fmt.Errorf("demo pool: %w", err)
	}
	lift, err := d.DrawPolygon(level, []codec.Point{pt(2*w, 0), pt(3*w, 0), pt(3*w, w), pt(2*w, w)})
	if err != nil {
		return nil, fmt.Errorf("demo lift: %w", err)
	}
	media, err := d.AddMedia(level, codec.Media{Type: 0, LightIndex: 0, Low: -512, High: -128, Origin: pt(w, 3*w/2),
		Height: -256, MinimumLight: 0x8000})
	if err != nil {
		return nil, fmt.Errorf("demo liquid: %w", err)
	}
	if err := d.EditPolygons(level, pool, func(p *codec.Polygon) { p.FloorHeight, p.Media = -512, int16(media) }); err != nil {
		return nil, fmt.Errorf("demo pool floor: %w", err)
	}
	if _, err := d.AddPlatform(level, lift[0], codec.StaticPlatform{Type: 0, Speed: 30, Delay: 60,
		MinimumHeight: -1, MaximumHeight: -1, StaticFlags: 1<<2 | 1<<10}); err != nil {
		return nil, fmt.Errorf("demo lift platform: %w", err)
	}
	objects := []codec.Object{
		{Type: 0, Index: 3, X: 3 * w / 2, Y: w / 2, Facing: 256}, // a fighter
		{Type: 0, Index: 3, X: 7 * w / 4, Y: 3 * w / 4, Facing: 256},
		{Type: 2, Index: 2, X: w / 2, Y: 3 * w / 4}, // a magnum pistol
		{Type: 2, Index: 12, X: w, Y: w / 4},        // a health powerup
		{Type: 1, Index: 4, X: w / 4, Y: w / 4},     // scenery
	}
	for i, o := range objects {
		if _, err := d.PlaceObject(level, o); err != nil {
			return nil, fmt.Errorf("demo object %d: %w", i, err)
		}
	}
	return d.Bytes()
}
