package turok

// MapShape is mapShape for the external tests.
var MapShape = mapShape
