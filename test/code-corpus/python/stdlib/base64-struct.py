import base64, struct
print(base64.b64encode(b'sandbox').decode())
print(struct.pack('<IH', 1, 2), struct.unpack('>h', b'\xff\xfe'))
