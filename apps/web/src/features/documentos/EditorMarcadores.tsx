import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { Box, Button, Stack } from '@mui/material';
import { MENSAGENS_DOCUMENTO, validarMarcadores } from '@tramite/shared';
import { CampoMarcadoresLeve } from '../../components/CampoMarcadoresLeve';
import { useMarcadores } from '../../components/estado-marcadores';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { mensagemDoErro } from '../../lib/api';
import { useSalvarMarcadores } from './api';

/** The user's own tags on a document, typed as chips (Enter or comma adds one) and saved together. */
export function EditorMarcadores({ idDocumento, marcadores }: { idDocumento: number; marcadores: string[] }) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const salvar = useSalvarMarcadores(idDocumento);
  const estado = useMarcadores(marcadores);

  async function gravar() {
    const todos = estado.concluir();
    const invalido = validarMarcadores(todos.join(','));
    if (invalido) {
      snackbar.erro(invalido);
      return;
    }
    try {
      await executar('Salvando marcadores', () => salvar.mutateAsync(todos));
      snackbar.sucesso(MENSAGENS_DOCUMENTO.marcadoresSalvos);
    } catch (erro) {
      snackbar.erro(mensagemDoErro(erro, MENSAGENS_DOCUMENTO.erroSalvarMarcadores));
    }
  }

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <Box sx={{ flex: 1 }}>
        <CampoMarcadoresLeve
          estado={estado}
          id="campo-marcadores"
          helperText="Digite um marcador e tecle Enter (ou vírgula) para incluí-lo. Só você vê os seus marcadores."
        />
      </Box>
      <Button
        variant="outlined"
        startIcon={<SaveOutlined />}
        onClick={gravar}
        disabled={salvar.isPending}
        sx={{ mt: { md: 1 }, flexShrink: 0 }}
      >
        Salvar marcadores
      </Button>
    </Stack>
  );
}
