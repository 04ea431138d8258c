// Mantine's floating components, in a chunk of their own (see ./index.tsx): with the positioning
// library and the scroll lock they need, about 45 KB gzip that no screen needs for its first paint.
export { Modal, MultiSelect, Select, Tooltip } from '@mantine/core';
