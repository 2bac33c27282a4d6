package marathon

import (
	"fmt"
	"os"

	"github.com/levelwright/levelwright/codecs/marathon/images"
	"github.com/levelwright/levelwright/editor/game"
)

// ImagesKey is the setting of the Marathon 2/Infinity Images file whose
// pictures the terminal preview shows.
const ImagesKey = "marathonImages"

// loadImages reads and decodes the Images file at path.
func loadImages(path string) (*images.File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := images.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// prepareImages reads the pictures of the terminal preview: the map
// file's own, then the Images file's of the settings; the notice says
// what could not be read, "" when all could.
func (f *session) prepareImages(settings game.Settings) string {
	f.pictures = nil
	var sources terminalPictures
	var notices []string
	if own, err := mapPictures(f.d); err != nil {
		notices = append(notices, fmt.Sprintf("the map file's own pictures could not be read, so its terminals show the Images file's: %s: %v", f.d.Path, err))
	} else if own != nil {
		sources = append(sources, pictureSource{own, scenarioDepthOffsets})
	}
	if path := settings(ImagesKey); path != "" {
		if pics, err := loadImages(path); err != nil {
			notices = append(notices, fmt.Sprintf("the Images file could not be read, so terminals show no pictures from it: %v", err))
		} else {
			sources = append(sources, pictureSource{pics, imagesDepthOffsets})
		}
	}
	if len(sources) > 0 {
		f.pictures = sources
	}
	return joinNotices(notices...)
}

// joinNotices joins the notices that say something, one a line.
func joinNotices(notices ...string) string {
	out := ""
	for _, n := range notices {
		if n == "" {
			continue
		}
		if out != "" {
			out += "\n"
		}
		out += n
	}
	return out
}

// imagesSummary says what the Images file at path gave, or what was
// wrong with it.
func imagesSummary(path string) string {
	f, err := loadImages(path)
	if err != nil {
		return "cannot be read: " + err.Error()
	}
	return f.Summary()
}

// imagesSetting is the Settings row of the Images file: the file,
// buttons to choose or clear it, and what it gave. A change reads the
// open Marathon file's game data again.
func imagesSetting(h game.Host) game.Setting {
	return game.Setting{Label: "Marathon Images", Widget: game.PathSetting(h, ImagesKey, false, func(path string) string {
		if path == "" {
			return "Choose Marathon 2's or Infinity's Images file (Images, or Images.imgA of Aleph One's " +
				"scenario): its pictures show in the terminal preview."
		}
		return imagesSummary(path)
	}, func() { reloadGameData(h) })}
}
