"""Pictures the bot draws with Pillow, pure (no discord): the card faces (`cards`) and the
table seen from a seat (`table`). Front ends attach or upload the bytes these return."""
