// The editor's own stylesheet, and those of the Mantine components it renders that the rest of the app does not
// (its content is a Typography, its link control has a Tooltip): loaded with the editor, on the admin's page only.
import '@mantine/tiptap/styles.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import classes from './notices.module.css';

interface NoticeEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  invalid: boolean;
  /** The id of the field's error line, when it has one. */
  errorId: string | undefined;
}

/**
 * The description's rich-text editor (Mantine's tiptap editor, the brief's choice): bold, italic, underline,
 * strike, lists, headings and links, the formatting the server's allow-list keeps. Loaded with the dialog,
 * never with a page. The editable area is a labelled multi-line textbox, so screen readers and the keyboard
 * reach it like any field.
 */
export default function NoticeEditor({ id, label, value, onChange, invalid, errorId }: NoticeEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['mailto'] } })],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-required': 'true',
        'aria-invalid': invalid ? 'true' : 'false',
        ...(errorId ? { 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <RichTextEditor editor={editor} className={invalid ? classes.editorInvalid : undefined}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
