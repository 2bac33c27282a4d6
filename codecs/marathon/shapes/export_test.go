package shapes

// HeaderSize is the size of a collection header, for the external tests.
const HeaderSize = headerSize
