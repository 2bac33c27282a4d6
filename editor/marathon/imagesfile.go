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

// prepareImages reads the Images file of the settings for the terminal
// preview; the notice says why it could not be read, "" when it was or
// none is set.
func (f *session) prepareImages(settings game.Settings) string {
	f.pictures = nil
	path := settings(ImagesKey)
	if path == "" {
		return ""
	}
	pics, err := loadImages(path)
	if err != nil {
		return fmt.Sprintf("the Images file could not be read, so terminals show no pictures: %v", err)
	}
	f.pictures = pics
	return ""
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
