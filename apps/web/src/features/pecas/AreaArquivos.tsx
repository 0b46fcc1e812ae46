import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Typography } from '@mui/material';
import { descreverTamanho, EXTENSOES_RECONHECIDAS } from '@tramite/shared';
import { type DragEvent, useRef, useState } from 'react';

const ACEITOS = EXTENSOES_RECONHECIDAS.map((extensao) => `.${extensao}`).join(',');

interface AreaArquivosProps {
  /** The per-file limit of the document, in bytes. */
  limite: number;
  /** While files are being sent nothing is added. */
  enviando: boolean;
  /** The document's peças may not change now: the button waits (a drop still lists the files). */
  semAlteracao: boolean;
  aoEscolher: (arquivos: FileList | null) => void;
}

/** Where files are dropped or chosen (spec §9: recognised types and the size limit). */
export function AreaArquivos({ limite, enviando, semAlteracao, aoEscolher }: AreaArquivosProps) {
  const entrada = useRef<HTMLInputElement>(null);
  const [arrastando, setArrastando] = useState(false);

  function soltar(evento: DragEvent<HTMLElement>) {
    evento.preventDefault();
    setArrastando(false);
    if (!enviando) aoEscolher(evento.dataTransfer.files);
  }

  return (
    <Box
      component="section"
      aria-label="Área para soltar arquivos"
      onDragOver={(evento) => {
        evento.preventDefault();
        setArrastando(true);
      }}
      onDragLeave={() => setArrastando(false)}
      onDrop={soltar}
      data-testid="area-arquivos"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: arrastando ? 'primary.main' : 'divider',
        bgcolor: arrastando ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 4,
        textAlign: 'center',
      }}
    >
      <Typography sx={{ mb: 2 }}>Arraste os arquivos para cá ou</Typography>
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        onClick={() => entrada.current?.click()}
        disabled={enviando || semAlteracao}
      >
        Escolher arquivos
      </Button>
      <input
        ref={entrada}
        type="file"
        multiple
        hidden
        accept={ACEITOS}
        aria-label="Arquivos para enviar"
        data-testid="entrada-arquivos"
        onChange={(evento) => {
          aoEscolher(evento.target.files);
          evento.target.value = '';
        }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Tipos aceitos: jpg, png, bmp, gif, mp3, mp4, pdf e zip. Até {descreverTamanho(limite)} por arquivo.
      </Typography>
    </Box>
  );
}
