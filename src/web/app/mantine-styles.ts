// Mantine's stylesheet per component instead of the whole `@mantine/core/styles.css`, to keep the one
// render-blocking stylesheet small. The `.layer.css` variants put Mantine into `@layer mantine`, so the app's own
// (unlayered) CSS wins whatever order the bundler emits. A component used anywhere in the app must be listed here,
// with the components it is built on (Button needs UnstyledButton, Drawer needs ModalBase, Overlay and Paper...).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Input.layer.css';
// Search page (issue 4): source filter and result chips.
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Chip.layer.css';
// Support notices (issue 12): the notifications filter.
import '@mantine/core/styles/SegmentedControl.layer.css';
