// The floor of floors: a Swift process that imports nothing (the standard library only).
print("hello")
