package turok

// MapShape is mapShape for the external tests.
var MapShape = mapShape

// WalkedVisibility is walkedVisibility for the external tests.
var WalkedVisibility = walkedVisibility
